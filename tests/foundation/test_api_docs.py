from django.test import Client


def test_openapi_schema_is_served(client: Client) -> None:
    response = client.get("/api/schema/", headers={"accept": "application/json"})

    assert response.status_code == 200
    assert response.json()["info"]["title"] == "Mahjong parlor ledger API"


def test_swagger_ui_is_served_from_local_static_files(client: Client) -> None:
    response = client.get("/api/docs/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in page
    assert "cdn.jsdelivr.net" not in page


def test_api_root_requires_authentication(client: Client) -> None:
    response = client.get("/api/")

    assert response.status_code == 401
