export * from './messages';
export * from './rules';
export * from './contacts';
export * from './filters';
export * from './campaigns';
export * from './delivery';
