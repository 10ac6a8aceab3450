import type { Contact } from '#domain/contacts';
import { serveListReads } from '../../providers/list-worker';
import { searchText } from './contact-display';

// The contacts list, read and indexed for the search box off the main thread (src/providers/streamed-list.ts).
serveListReads<Contact>(searchText);
