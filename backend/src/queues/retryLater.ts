/**
 * Thrown by a job that cannot finish yet by design (a price the provider has not filled in): its
 * retries are its schedule, so an attempt ending this way is no failure worth a warning.
 */
export class RetryLater extends Error {}
