// Generated from openapi/openapi.yaml by packages/domain/scripts/operations.mjs. Do not edit.
// The public operations: their `security` lets a call through without a bearer token.
export const PUBLIC_OPERATIONS = [
  { operationId: 'getToken', method: 'post', path: '/api/v2/auth/token/get' },
  { operationId: 'verifyToken', method: 'post', path: '/api/v2/auth/token/verify' },
  { operationId: 'refreshToken', method: 'post', path: '/api/v2/auth/token/refresh' },
  { operationId: 'revokeToken', method: 'post', path: '/api/v2/auth/token/revoke' },
  { operationId: 'authorizeOAuthEmailAccount', method: 'get', path: '/api/v2/integrations/email/{provider}/authorize' },
  { operationId: 'completeOAuthEmailAccount', method: 'get', path: '/api/v2/integrations/email/{provider}/callback' },
  { operationId: 'requestPasswordReset', method: 'post', path: '/api/user/reset-password' },
  { operationId: 'checkResetCode', method: 'post', path: '/api/user/reset-code/check' },
  { operationId: 'resetChangePassword', method: 'post', path: '/api/user/reset-change-password' },
  { operationId: 'listDevOutbox', method: 'get', path: '/api/dev/outbox' },
  { operationId: 'addDevInboxAnswer', method: 'post', path: '/api/dev/inbox-answers' },
  { operationId: 'getHealth', method: 'get', path: '/api/health' },
  { operationId: 'showUnsubscribePage', method: 'get', path: '/m/u/{token}' },
  { operationId: 'unsubscribe', method: 'post', path: '/m/u/{token}' },
  { operationId: 'trackOpen', method: 'get', path: '/m/o/{token}' },
  { operationId: 'followMailLink', method: 'get', path: '/m/c/{token}' },
] as const;
