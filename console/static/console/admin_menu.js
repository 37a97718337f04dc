'use strict';
// At a tablet or a laptop the admin's side menu starts folded, so that a list's columns fit
// beside its filters without scrolling sideways; « opens it. A person's own choice, kept by
// Django's toggle (admin/js/nav_sidebar.js, which reads it after this runs), always wins.
if (window.innerWidth < 1600 && localStorage.getItem('django.admin.navSidebarIsOpen') === null) {
    localStorage.setItem('django.admin.navSidebarIsOpen', 'false');
}
