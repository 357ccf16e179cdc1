import * as initial from './0001-initial';
import * as auditLog from './0002-audit-log';
import * as adminIndexes from './0003-admin-indexes';
import * as millisecondTimestamps from './0004-millisecond-timestamps';
import * as skippedProspectRows from './0005-skipped-prospect-rows';
import * as dialer from './0006-dialer';
import * as callingRules from './0007-calling-rules';
import * as agent from './0008-agent';
import * as listConsent from './0009-list-consent';
import * as inboundAndDocumentText from './0010-inbound-and-document-text';
import * as relaySession from './0011-relay-session';
import * as campaignProspectPlaces from './0012-campaign-prospect-places';
import * as places from './0013-places';
import * as unpricedCalls from './0014-unpriced-calls';
import * as testNumbers from './0015-test-numbers';
import * as paymentCampaignName from './0016-payment-campaign-name';
import * as doNotCallImports from './0017-do-not-call-imports';
import * as relaySessionClaim from './0018-relay-session-claim';
import * as callingAreas from './0019-calling-areas';
import * as receivedCalls from './0020-received-calls';
import * as agentVersions from './0021-agent-versions';
import * as passwordReset from './0022-password-reset';
import * as notificationSettings from './0023-notification-settings';

import * as webhooks from './0024-webhooks';
import * as billing from './0025-billing';
import * as appointments from './0026-appointments';
import * as callbacks from './0027-callbacks';
import * as calendar from './0028-calendar';
import * as transfersAndRecordings from './0029-transfers-and-recordings';
import * as callBackMessage from './0030-call-back-message';
import * as analytics from './0031-analytics';
/** Every migration, in the order they apply. Add new ones at the end. */
export const migrations = [
  { name: '0001-initial', ...initial },
  { name: '0002-audit-log', ...auditLog },
  { name: '0003-admin-indexes', ...adminIndexes },
  { name: '0004-millisecond-timestamps', ...millisecondTimestamps },
  { name: '0005-skipped-prospect-rows', ...skippedProspectRows },
  { name: '0006-dialer', ...dialer },
  { name: '0007-calling-rules', ...callingRules },
  { name: '0008-agent', ...agent },
  { name: '0009-list-consent', ...listConsent },
  { name: '0010-inbound-and-document-text', ...inboundAndDocumentText },
  { name: '0011-relay-session', ...relaySession },
  { name: '0012-campaign-prospect-places', ...campaignProspectPlaces },
  { name: '0013-places', ...places },
  { name: '0014-unpriced-calls', ...unpricedCalls },
  { name: '0015-test-numbers', ...testNumbers },
  { name: '0016-payment-campaign-name', ...paymentCampaignName },
  { name: '0017-do-not-call-imports', ...doNotCallImports },
  { name: '0018-relay-session-claim', ...relaySessionClaim },
  { name: '0019-calling-areas', ...callingAreas },
  { name: '0020-received-calls', ...receivedCalls },
  { name: '0021-agent-versions', ...agentVersions },
  { name: '0022-password-reset', ...passwordReset },
  { name: '0023-notification-settings', ...notificationSettings },
  { name: '0024-webhooks', ...webhooks },
  { name: '0025-billing', ...billing },
  { name: '0026-appointments', ...appointments },
  { name: '0027-callbacks', ...callbacks },
  { name: '0028-calendar', ...calendar },
  { name: '0029-transfers-and-recordings', ...transfersAndRecordings },
  { name: '0030-call-back-message', ...callBackMessage },
  { name: '0031-analytics', ...analytics },
];
