export * from './prospect/rules';
