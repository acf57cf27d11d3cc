export * from './asana/index';
export * from './cloud/index';
export * from './hostile/index';
export * from './memory/index';
export * from './openapi/index';
export * from './salesforce/index';
export * from './test-server/index';
export { VERSION } from './version';
export * from './zendesk/index';
