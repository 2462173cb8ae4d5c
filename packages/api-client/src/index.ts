export * from './schema';
export {
  DEFAULT_RUNTIME_CONFIG,
  RuntimeConfigError,
  loadRuntimeConfig,
  parseRuntimeConfig,
  type RuntimeConfig,
} from './config';
export {
  FAILED_TO_REFRESH_TOKEN,
  SESSION_EXPIRED,
  SessionError,
  createAuthMiddleware,
  type AuthMiddlewareOptions,
  type AuthSeam,
  type TokenPairLike,
} from './auth';
export {
  createApiClients,
  requestTokenRefresh,
  type ApiClient,
  type ApiClients,
  type CreateApiClientsOptions,
  type UserServiceClient,
} from './clients';
export {
  ApiError,
  isErrorBody,
  isIntegrationError,
  isPasswordErrors,
  passwordErrorMap,
  unwrap,
} from './errors';
export { queryKeys, type QueryKeys } from './query/keys';
export * from './query/options';
export * from './query/mutations';
export {
  requestPasswordReset,
  requestResetChangePassword,
  requestResetCodeCheck,
  requestSignIn,
} from './account';
export * from './query/imports';
export {
  progressFetch,
  uploadOnboardingFile,
  type UploadOnboardingFileOptions,
  type UploadProgress,
} from './upload';
export {
  LIVE_BACKOFF,
  connectLiveEvents,
  invalidateForLiveEvent,
  liveEventOf,
  liveRetryDelay,
  readEventStream,
  type EventStreamMessage,
  type LiveBackoff,
  type LiveEvent,
  type LiveEventName,
  type LiveEventsOptions,
} from './live';
