export * from './status';
export * from './transitions';
export * from './campaign';
