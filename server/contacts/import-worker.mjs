// The import worker thread's entry. Under `npm start` (tsx) the thread inherits tsx's loader; under
// vitest it does not, so tsx is registered here: either way the TypeScript task loads as it is.
import { register } from 'tsx/esm/api';

register();
const { default: parseImport } = await import('./import-task.ts');

export default parseImport;
