/**
 * A template that cannot render this message for good (e.g. its order is gone): the sender fails the message at once
 * instead of retrying. Any other error thrown while rendering is retried (e.g. the database was unreachable).
 * Its own module so templates can throw it without importing the registry (./index.ts imports them).
 */
export class UnsendableMailError extends Error {}
