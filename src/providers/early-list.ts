import { resources } from '../resources';
import { endpointUrl } from './endpoints';
import { readEarly } from './streamed-list';

/**
 * Opening the app on a list screen (a reload of /contacts, a bookmark) starts reading that list
 * while the app's code still loads: with 100,000 contacts the read takes as long as the code, and
 * the two no longer wait for each other. Only lists read in a worker, and only with a business
 * selected; a read the server refuses (signed out, another owner's business) is simply not used.
 */
export function readFirstScreenListEarly(pathname: string) {
  const resource = resources.find((candidate) => candidate.list === pathname && candidate.endpoints?.list?.listWorker);
  const endpoint = resource?.endpoints?.list;
  if (!resource || !endpoint?.listWorker) return;
  let url: string;
  try {
    url = endpointUrl(resource.name, endpoint);
  } catch {
    return; // No business selected yet: the screen will ask for one.
  }
  readEarly(resource.name, url, endpoint.listWorker);
}
