export * from './org';
export * from './auth';
export * from './permission';
export * from './notice';
export * from './activity';
export * from './content';
