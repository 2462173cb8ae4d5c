export * from './prospect/rules';
export * from './session/sessionMachine';
export * from './session/selectors';
export * from './session/crossTabRefresher';
