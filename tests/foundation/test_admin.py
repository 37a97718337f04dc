from django.test import Client


def test_admin_login_page_renders_the_sign_in_form(client: Client) -> None:
    response = client.get("/admin/login/")

    assert response.status_code == 200
    page = response.content.decode()
    assert 'name="username"' in page
    assert 'name="password"' in page
    assert "Mahjong parlor ledger" in page


def test_admin_login_page_speaks_japanese_when_asked(client: Client) -> None:
    response = client.get("/admin/login/", headers={"accept-language": "ja"})

    assert response.status_code == 200
    assert response.headers["Content-Language"] == "ja"
    assert "ユーザー名" in response.content.decode()
