import { invalidParameter } from './errors';
import { field, type TwilioForm } from './request';

/** Twilio's paging: `PageSize` (50 by default, at most 1000) and `Page` from 0. */
export function paging(form: TwilioForm) {
  const pageSize = Number(field(form, 'PageSize') ?? 50);
  const page = Number(field(form, 'Page') ?? 0);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000 || !Number.isInteger(page) || page < 0) {
    throw invalidParameter(20001, 'PageSize must be 1 to 1000 and Page a whole number from 0');
  }
  return { page, pageSize };
}

/** A page of a list in Twilio's JSON, with the page URIs the SDK follows. */
export function listPage(
  path: string,
  querystring: string,
  key: string,
  items: unknown[],
  page: number,
  pageSize: number,
  more: boolean,
) {
  const query = new URLSearchParams(querystring);
  query.delete('Page');
  query.delete('PageToken');
  query.set('PageSize', String(pageSize));
  const uri = (n: number) => `${path.replace('/sandbox/twilio', '')}?${query.toString()}&Page=${n}`;
  return {
    [key]: items,
    page,
    page_size: pageSize,
    start: page * pageSize,
    end: page * pageSize + items.length - 1,
    uri: uri(page),
    first_page_uri: uri(0),
    next_page_uri: more ? uri(page + 1) : null,
    previous_page_uri: page > 0 ? uri(page - 1) : null,
  };
}
