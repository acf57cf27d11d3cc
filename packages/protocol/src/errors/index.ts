export {
  ApiError,
  type ApiErrorOptions,
  AuthenticationError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  type RateLimitErrorOptions,
  ServerError,
} from './api-error';
export {
  CursorExpiredError,
  NetworkError,
  ResponseValidationError,
  TimeoutError,
  UnsupportedOperationError,
  ValidationError,
} from './client-errors';
export { ConduitError, type ConduitErrorOptions, type ErrorDetail } from './conduit-error';
export {
  EgressDeniedError,
  type EgressRefusal,
  type ResponseLimit,
  ResponseLimitError,
} from './egress-errors';
