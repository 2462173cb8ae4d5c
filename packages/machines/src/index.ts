export * from './prospect/rules';
export * from './session/sessionMachine';
export * from './session/selectors';
export * from './session/crossTabRefresher';
export * from './prospect/prospectStatusMachine';
export * from './prospect/selectors';
export * from './email-account/emailAccount';
export * from './email-account/addEmailAccountMachine';
