import { User } from './User';
import { Campaign } from './Campaign';
import { ProspectList } from './ProspectList';
import { Prospect } from './Prospect';
import { AgentDocument } from './AgentDocument';
import { CallRecord } from './CallRecord';
import { Payment } from './Payment';
import { SupportTicket } from './SupportTicket';
import { ContactMessage } from './ContactMessage';

User.hasMany(Campaign, { foreignKey: 'userId' });
Campaign.belongsTo(User, { foreignKey: 'userId', as: 'owner' });
User.hasMany(ProspectList, { foreignKey: 'userId' });
ProspectList.belongsTo(User, { foreignKey: 'userId' });
ProspectList.hasMany(Prospect, { foreignKey: 'prospectListId' });
Prospect.belongsTo(ProspectList, { foreignKey: 'prospectListId' });
User.hasMany(AgentDocument, { foreignKey: 'userId' });
Campaign.hasMany(CallRecord, { foreignKey: 'campaignId' });
CallRecord.belongsTo(Campaign, { foreignKey: 'campaignId' });
User.hasMany(Payment, { foreignKey: 'userId' });
Payment.belongsTo(User, { foreignKey: 'userId' });
Payment.belongsTo(Campaign, { foreignKey: 'campaignId' });
User.hasMany(SupportTicket, { foreignKey: 'userId' });
SupportTicket.belongsTo(User, { foreignKey: 'userId' });

export { User, Campaign, ProspectList, Prospect, AgentDocument, CallRecord, Payment, SupportTicket, ContactMessage };
