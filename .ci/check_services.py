"""Fail fast, with a clear message, when CI's PostgreSQL or Redis does not answer.

Creates the PostgreSQL database named in DATABASE_URL when it is missing (as its owner).
"""

import os
import sys

import dj_database_url
import psycopg
import redis
from kombu.utils.url import maybe_sanitize_url
from psycopg import sql


def check_postgres(url: str) -> None:
    database = dj_database_url.parse(url)
    server = {
        "host": database.get("HOST") or "127.0.0.1",
        "port": database.get("PORT") or 5432,
        "user": database.get("USER") or "postgres",
        "password": database.get("PASSWORD") or None,
        "connect_timeout": 5,
    }
    name = str(database["NAME"])
    with psycopg.connect(dbname="postgres", autocommit=True, **server) as connection:
        version = connection.execute("SHOW server_version").fetchone()
        exists = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        if exists.fetchone() is None:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    print(f"PostgreSQL {version[0] if version else '?'} answers; database {name} ready.")


def check_redis(url: str) -> None:
    info = redis.Redis.from_url(url, socket_connect_timeout=5).info("server")
    print(f"Redis {info['redis_version']} answers at {maybe_sanitize_url(url)}.")


def main() -> int:
    failures = []
    # The owner's login when there are two (docs/configuration.md, "Database roles"): the
    # service role may not exist yet (the test run's migrate creates it).
    database = "DATABASE_OWNER_URL" if os.environ.get("DATABASE_OWNER_URL") else "DATABASE_URL"
    for name, check, variable in (
        ("PostgreSQL", check_postgres, database),
        ("Redis", check_redis, "CELERY_BROKER_URL"),
    ):
        try:
            check(os.environ[variable])
        except (psycopg.Error, redis.RedisError, OSError) as error:
            shown = maybe_sanitize_url(os.environ[variable])
            failures.append(f"{name} ({variable}={shown}) does not answer: {error}")
    for failure in failures:
        print(f"CI needs real services: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
