export { buildServer, type BuildServerOptions } from './server';
export { loadConfig, type ServerConfig } from './config';
export { openDatabase, type Database, type Db } from './db/index';
