/**
 * Who a use case acts for: the signed-in person. Services take this rather than the request's
 * viewer so that they stay callable from route actions, API handlers and tests alike.
 */
export interface Actor {
  userId: string;
}
