"""How waiting requests hear that a job changed, without polling the database.

Whoever writes a job record publishes a ``Change``; requests that wait for a job (``wait``,
the event stream) hold a ``Subscription`` to it. ``Notifier`` delivers within this process
(the embedded runner writes records in the web process); ``RedisNotifier`` carries changes
over Redis pub/sub between machines (distributed workers write them). A change that ends a
job carries the whole record, so a waiting request needs no database read to answer.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import queue
import threading
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Change:
    """A job changed: its status and revision, a progress report, or (once it ended) the
    whole record."""

    job_id: str
    status: str
    revision: int | None
    """The record's revision after the change (None: a progress report not written yet)."""
    progress: dict[str, Any] | None = None
    job: dict[str, Any] | None = None
    """The whole record once the job ended (``Job``'s fields), so waiters need not read it."""

    def to_json(self) -> str:
        """The form published over Redis."""
        data = dataclasses.asdict(self)
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> Change:
        """A change read back from ``to_json``'s form."""
        return cls(**json.loads(text))


class Subscription:
    """The changes of one job, in the order they arrive (close it when done)."""

    def __init__(self, notifier: Notifier, job_id: str) -> None:
        self.job_id = job_id
        self._notifier = notifier
        self._changes: queue.SimpleQueue[Change] = queue.SimpleQueue()

    def deliver(self, change: Change) -> None:
        """Hand this subscriber a change (called by the notifier)."""
        self._changes.put(change)

    def next(self, timeout: float) -> Change | None:
        """The next change, or None when none came within ``timeout`` seconds."""
        try:
            return self._changes.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            return None

    def close(self) -> None:
        """Stop receiving changes."""
        self._notifier.unsubscribe(self)

    def __enter__(self) -> Subscription:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Notifier:
    """Changes delivered to the subscribers of this process (the one that writes them)."""

    recheck_seconds: float | None = None
    """How often a waiting request reads the record again in case a change was lost;
    None: changes are never lost here (they are delivered in memory)."""

    def __init__(self) -> None:
        self._subscribers: dict[str, set[Subscription]] = {}
        self._lock = threading.Lock()

    def publish(self, change: Change) -> None:
        """Tell every subscriber of the job about ``change``."""
        self.deliver(change)

    def subscribe(self, job_id: str) -> Subscription:
        """A subscription to the changes of ``job_id`` from now on."""
        subscription = Subscription(self, job_id)
        with self._lock:
            self._subscribers.setdefault(job_id, set()).add(subscription)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        """Forget ``subscription``."""
        with self._lock:
            found = self._subscribers.get(subscription.job_id)
            if found is not None:
                found.discard(subscription)
                if not found:
                    del self._subscribers[subscription.job_id]

    def deliver(self, change: Change) -> None:
        """Hand ``change`` to this process's subscribers of its job."""
        with self._lock:
            subscribers = list(self._subscribers.get(change.job_id, ()))
        for subscription in subscribers:
            subscription.deliver(change)

    def close(self) -> None:
        """Release what the notifier holds."""


RECHECK_SECONDS = 5.0
"""A request waiting on Redis reads the record again after this long without a change (a
change published while its listener reconnected is lost)."""
RECONNECT_SECONDS = 1.0
"""Pause before listening again after the Redis connection broke."""


class RedisNotifier(Notifier):
    """Changes published on Redis channels ``{prefix}{job id}``; one listening thread per
    process (started on the first subscription) hands them to local subscribers.

    Pub/sub delivers at most once: a change published while a listener reconnects is lost,
    so waiters read the record again now and then (``recheck_seconds``).
    """

    recheck_seconds: float | None = RECHECK_SECONDS

    def __init__(self, redis: Any, prefix: str) -> None:
        super().__init__()
        self._redis = redis
        self._prefix = prefix
        self._thread: threading.Thread | None = None
        self._listening = threading.Event()
        self._stopping = threading.Event()
        self._start_lock = threading.Lock()

    def publish(self, change: Change) -> None:
        self._redis.publish(self._prefix + change.job_id, change.to_json())

    def subscribe(self, job_id: str) -> Subscription:
        subscription = super().subscribe(job_id)
        self._listen()
        return subscription

    def close(self) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=3)

    def _listen(self) -> None:
        """Start the listening thread once and wait until it is subscribed, so no change
        published after ``subscribe`` returns is missed."""
        with self._start_lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="job-changes", daemon=True)
                self._thread.start()
        self._listening.wait(timeout=5)

    def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                with contextlib.closing(self._redis.pubsub()) as pubsub:
                    pubsub.psubscribe(self._prefix + "*")
                    while not self._stopping.is_set():
                        message = pubsub.get_message(timeout=1.0)
                        if message is None:
                            continue
                        if message["type"] == "psubscribe":  # Redis confirmed it
                            self._listening.set()
                        elif message["type"] == "pmessage":
                            self.deliver(Change.from_json(message["data"]))
            except Exception as exc:  # Redis went away: listen again once it answers
                self._listening.clear()
                log.warning("job change listener lost Redis (%s); reconnecting", exc)
                self._stopping.wait(RECONNECT_SECONDS)
