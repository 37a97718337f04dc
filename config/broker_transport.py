"""kombu's Redis transport, mended so that a Celery worker outlives a Redis outage (issue 29).

The fault, in the versions this project installs (celery 5.7.0, kombu 5.7.0,
redis-py 8.1.0; docs/jobs.md, "Redis going away"): when Redis goes away while
a worker holds a task acknowledged late (a close or an export running), the
worker's consumer tears the connection down in two steps
(``Consumer.on_connection_error_after_connected``: ``connection.collect()``,
then ``connection.close()``).

1. ``collect()`` closes the default channel. ``Channel.close`` first reads the
   reply of the BRPOP in flight, which raises ``ConnectionError`` (the server
   is gone); kombu expects only ``Empty`` there, so the close stops before the
   channel is marked closed. ``maybe_close_channel`` swallows the error, and
   ``collect()`` detaches the transport from the connection
   (``transport.client = None``).
2. ``close()`` closes that half-closed channel again. It now restores the held
   message to its queue, which needs a new Redis client, whose parameters are
   read from ``transport.client``: ``AttributeError: 'NoneType' object has no
   attribute 'hostname'``. No handler expects an ``AttributeError``; it ends
   the worker ("Unrecoverable error"), and accepted closes wait until someone
   restarts it. The same ``AttributeError`` meets the late acknowledgement of
   a task that finishes after the connection was replaced. kombu issue 582
   reported this class of failure (a channel used after its connection closed).

The mend, two small overrides:

- ``Channel.close`` treats a connection error while reading the BRPOP in
  flight as "nothing to read" and goes on closing, so the first close finishes
  (consumers cancelled, the held message's restore tried while the transport
  is still attached) and the second finds the channel closed. A connection
  error later in the close (the restore, the gossip channel's queue) is logged
  as a warning, not raised: the server is gone, and what it was not told it
  still holds. (Raised, it met Celery's gossip step after the consumer had let
  go of its connection and logged kombu issue 582's error on the way.)
- ``Channel._connparams`` on a detached transport raises redis-py's
  ``ConnectionError``, the error every kombu and Celery handler of a lost
  broker expects (a late acknowledgement is then logged as not sent; the
  message stays in Redis's unacknowledged set and the visibility timeout
  hands it out again, which the idempotent close and export absorb).

Selected by ``CELERY_BROKER_TRANSPORT`` (config/settings.py) for ``redis://``
and ``rediss://`` brokers; everything else is kombu's own transport.
``tests/foundation/test_worker_outage.py`` runs a real worker through an
outage. Drop this module once kombu closes the channel whole by itself (the
report for upstream is in docs/jobs.md).
"""

from __future__ import annotations

import logging
from typing import Any

from kombu.transport import redis as kombu_redis
from kombu.transport.virtual import Empty
from redis.exceptions import ConnectionError as RedisConnectionError

logger = logging.getLogger(__name__)

DETACHED = (
    "the broker connection this channel belonged to was closed (Redis went away);"
    " the worker reconnects on a new channel"
)


# The stubs (celery-types) know kombu's public API, not the internals overridden here: the
# base is typed Any on purpose.
_KombuChannel: Any = kombu_redis.Channel


class Channel(_KombuChannel):  # type: ignore[misc]
    def close(self) -> None:
        try:
            if self._in_poll and not self.closed:
                self._closing = True
                try:
                    self._brpop_read()  # sets _in_poll to None: the close below reads nothing
                except Empty:
                    pass
                except self.connection_errors:
                    pass  # the server is gone: there is no reply to read, the rest still closes
            super().close()
        except self.connection_errors as error:
            # Closing is clean-up, and the server is gone: what it could not be told (a held
            # message put back) it still has, and hands out again after the visibility timeout.
            logger.warning("closing a channel of a lost Redis connection: %s", error)

    def _connparams(self, asynchronous: bool = False) -> dict[str, Any]:
        if self.connection.client is None:
            raise RedisConnectionError(DETACHED)
        params: dict[str, Any] = super()._connparams(asynchronous=asynchronous)
        return params


class Transport(kombu_redis.Transport):
    Channel = Channel
