import { resources } from '../resources';
import { screensOf } from '../screens';
import { endpointUrl } from './endpoints';
import { readEarly } from './streamed-list';

/**
 * Opening the app on a list screen (a reload of /contacts, a bookmark): its code and its list
 * start loading at once, beside the app's shell and the session check, instead of one after the
 * other. With 100,000 contacts the list's read takes as long as the code, and neither waits for
 * the other. The list is read early only when it is read in a worker and a business is selected;
 * a read the server refuses (signed out, another owner's business) is simply not used.
 */
export function startFirstScreenEarly(pathname: string) {
  const resource = resources.find((candidate) => candidate.list === pathname);
  if (!resource) return;
  void import('../components/layout/AppLayout');
  void screensOf(resource).list?.preload();
  const endpoint = resource.endpoints?.list;
  if (!endpoint?.listWorker) return;
  let url: string;
  try {
    url = endpointUrl(resource.name, endpoint);
  } catch {
    return; // No business selected yet: the screen will ask for one.
  }
  readEarly(resource.name, url, endpoint.listWorker);
}
