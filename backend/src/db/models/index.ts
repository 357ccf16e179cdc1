import { User } from './User';
import { Campaign } from './Campaign';
import { ProspectList } from './ProspectList';
import { Prospect } from './Prospect';
import { ProspectSkippedRow } from './ProspectSkippedRow';
import { AgentDocument } from './AgentDocument';
import { CallRecord } from './CallRecord';
import { Payment } from './Payment';
import { SupportTicket } from './SupportTicket';
import { ContactMessage } from './ContactMessage';
import { AuditLog } from './AuditLog';
import { CampaignProspect } from './CampaignProspect';
import { DoNotCallNumber } from './DoNotCallNumber';
import { CampaignStatAdjustment } from './CampaignStatAdjustment';
import { CallTranscriptTurn } from './CallTranscriptTurn';
import { TestNumber } from './TestNumber';
import { DoNotCallImport } from './DoNotCallImport';
import { CampaignAgentVersion } from './CampaignAgentVersion';
import { PasswordResetToken } from './PasswordResetToken';
import { NotificationSetting } from './NotificationSetting';
import { CampaignAlertRecipient } from './CampaignAlertRecipient';
import { Invoice } from './Invoice';
import { StripeEvent } from './StripeEvent';
import { Appointment } from './Appointment';
import { Callback } from './Callback';

User.hasMany(Campaign, { foreignKey: 'userId' });
Campaign.belongsTo(User, { foreignKey: 'userId', as: 'owner' });
// For the admin download of a campaign's list file; the foreign key itself is in the migration.
Campaign.belongsTo(ProspectList, { foreignKey: 'prospectListId', as: 'prospectList', constraints: false });
User.hasMany(ProspectList, { foreignKey: 'userId' });
ProspectList.belongsTo(User, { foreignKey: 'userId' });
ProspectList.hasMany(Prospect, { foreignKey: 'prospectListId' });
Prospect.belongsTo(ProspectList, { foreignKey: 'prospectListId' });
ProspectList.hasMany(ProspectSkippedRow, { foreignKey: 'prospectListId' });
User.hasMany(AgentDocument, { foreignKey: 'userId' });
Campaign.hasMany(CallRecord, { foreignKey: 'campaignId' });
CallRecord.belongsTo(Campaign, { foreignKey: 'campaignId' });
CallRecord.hasMany(CallTranscriptTurn, { foreignKey: 'callRecordId', as: 'transcript' });
CallRecord.belongsTo(Prospect, { foreignKey: 'prospectId', as: 'prospect', constraints: false });
User.hasMany(Payment, { foreignKey: 'userId' });
Payment.belongsTo(User, { foreignKey: 'userId' });
Payment.belongsTo(Campaign, { foreignKey: 'campaignId' });
User.hasMany(SupportTicket, { foreignKey: 'userId' });
SupportTicket.belongsTo(User, { foreignKey: 'userId' });

AuditLog.belongsTo(User, { foreignKey: 'actorUserId', as: 'actor' });
User.hasMany(TestNumber, { foreignKey: 'userId' });
CampaignAgentVersion.belongsTo(User, { foreignKey: 'changedByUserId', as: 'changedBy', constraints: false });
User.hasMany(PasswordResetToken, { foreignKey: 'userId' });
Invoice.belongsTo(User, { foreignKey: 'userId', as: 'owner' });
Invoice.belongsTo(Campaign, { foreignKey: 'campaignId', as: 'campaign', constraints: false });
// The foreign keys themselves are in the migration (0026-appointments).
Appointment.belongsTo(Campaign, { foreignKey: 'campaignId', as: 'campaign', constraints: false });
Appointment.belongsTo(Prospect, { foreignKey: 'prospectId', as: 'prospect', constraints: false });
CallRecord.belongsTo(Appointment, { foreignKey: 'appointmentId', as: 'appointment', constraints: false });
// The call back promised on a call; the foreign key itself is in the migration (0027-callbacks).
CallRecord.hasOne(Callback, { foreignKey: 'requestedOnCallId', as: 'promisedCallback', constraints: false });

export {
  User,
  Campaign,
  ProspectList,
  Prospect,
  ProspectSkippedRow,
  AgentDocument,
  CallRecord,
  Payment,
  SupportTicket,
  ContactMessage,
  AuditLog,
  CampaignProspect,
  DoNotCallNumber,
  CampaignStatAdjustment,
  CallTranscriptTurn,
  TestNumber,
  DoNotCallImport,
  CampaignAgentVersion,
  PasswordResetToken,
  NotificationSetting,
  CampaignAlertRecipient,
  Invoice,
  StripeEvent,
  Appointment,
  Callback,
};
