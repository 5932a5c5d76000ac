/**
 * The change history's badges in the API reference: "New in 2.0.0 (2026-11-25)" or "Changed in ..." at the
 * top of the description of each operation added or changed in the latest recorded version, linking to its
 * entry. It is Markdown's inline HTML in the spec Redoc renders: the static and the interactive reference show
 * it alike, and the page gets no JavaScript for it. The downloads and the search index stay as written.
 */
import {operationsOf} from '../openapi/document';
import {changeEntryHref} from '../openapi/urls';
import type {ChangeHistory} from './entry';
import {latestBadges} from './model';

/** `doc` with the badges of `history` (the same object, changed in place); without a history, `doc` as it is. */
export function withChangeBadges<T>(doc: T, history: ChangeHistory | undefined): T {
  if (!history) return doc;
  const {specId} = history;
  const badges = new Map(latestBadges(history).map((badge) => [badge.operationId, badge]));
  for (const {operation, operationId} of operationsOf(doc)) {
    const badge = operationId === undefined ? undefined : badges.get(operationId);
    if (!badge) continue;
    const words = `${badge.kind === 'new' ? 'New' : 'Changed'} in ${badge.version} (${badge.date})`;
    const link = `<a class="api-change-badge api-change-badge--${badge.kind}" href="${changeEntryHref(specId, badge.revision)}">${words}</a>`;
    const description = typeof operation.description === 'string' ? operation.description : '';
    operation.description = `${link}\n\n${description}`;
  }
  return doc;
}
