import { DataTypes, type QueryInterface } from 'sequelize';

const id = { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true };
const bigId = { type: DataTypes.BIGINT.UNSIGNED, autoIncrement: true, primaryKey: true };
const timestamps = {
  createdAt: { type: DataTypes.DATE, allowNull: false },
  updatedAt: { type: DataTypes.DATE, allowNull: false },
};
const ref = (table: string, onDelete: 'CASCADE' | 'SET NULL' | 'RESTRICT', allowNull = false) => ({
  type: DataTypes.INTEGER.UNSIGNED,
  allowNull,
  references: { model: table, key: 'id' },
  onDelete,
  onUpdate: 'CASCADE',
});
const text = (allowNull = true) => ({ type: DataTypes.TEXT, allowNull });
const str = (length = 255, allowNull = true) => ({ type: DataTypes.STRING(length), allowNull });
const flag = { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false };

export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.createTable('users', {
    id,
    firstName: str(100, false),
    lastName: { ...str(100, false), defaultValue: '' },
    email: str(255, false),
    passwordHash: str(255, false),
    profileImageUrl: str(1024),
    companyName: str(200),
    phoneNumber: str(40),
    twilioAccountSid: str(64),
    twilioAuthTokenEncrypted: text(),
    twilioPhoneNumber: str(20),
    stripeCustomerId: str(64),
    isAdmin: flag,
    ...timestamps,
  });
  await qi.addIndex('users', ['email'], { unique: true, name: 'users_email_unique' });

  await qi.createTable('prospect_lists', {
    id,
    userId: ref('users', 'CASCADE'),
    name: str(255, false),
    storedFileName: str(255, false),
    status: { ...str(16, false), defaultValue: 'processing' },
    failureReason: str(500),
    contactCount: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false, defaultValue: 0 },
    uploadedAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('prospect_lists', ['userId']);
  await qi.addIndex('prospect_lists', ['storedFileName'], {
    unique: true,
    name: 'prospect_lists_stored_unique',
  });
  await qi.createTable('campaigns', {
    id,
    userId: ref('users', 'CASCADE'),
    name: str(200, false),
    type: str(32, false),
    customType: str(255),
    status: { ...str(16, false), defaultValue: 'draft' },
    goal: text(),
    audienceIndustry: str(64),
    audienceAgeRange: str(16),
    audienceOther: str(255),
    hasProvidedList: { type: DataTypes.BOOLEAN, allowNull: true },
    listCost: { ...str(10, false), defaultValue: '0' },
    prospectListFile: str(255),
    prospectListId: ref('prospect_lists', 'SET NULL', true),
    prospectsAreCurrentClients: flag,
    prospectsOptedIn: flag,
    aiAgentName: str(100),
    aiAgentVoice: str(16),
    aiAgentTone: str(255),
    scriptAnswering: text(),
    scriptRebuttals: text(),
    scriptQuestions: text(),
    scriptAfterAnswers: text(),
    scriptNotInterested: text(),
    scriptOther: text(),
    scriptVoicemail: text(),
    agentDocuments: text(),
    monthlyCallVolume: { type: DataTypes.INTEGER.UNSIGNED, allowNull: true },
    useProvidedNumber: flag,
    providedNumberAreaCode: str(8),
    companyWebsites: text(),
    totalCalls: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false, defaultValue: 0 },
    successfulCalls: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false, defaultValue: 0 },
    totalCost: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: '0.00' },
    statisticsLastUpdated: { type: DataTypes.DATE, allowNull: true },
    setupAiAgentConfigured: flag,
    setupScriptsReviewed: flag,
    setupProspectListProcessed: flag,
    setupPhoneNumberConfigured: flag,
    setupTwilioConfigured: flag,
    setupComplianceVerified: flag,
    setupPaymentProcessed: flag,
    setupTestingCompleted: flag,
    ...timestamps,
  });
  await qi.addIndex('campaigns', ['userId', 'createdAt']);
  await qi.addIndex('campaigns', ['status']);

  await qi.createTable('prospects', {
    id: bigId,
    prospectListId: ref('prospect_lists', 'CASCADE'),
    phoneNumber: str(20, false),
    name: str(200),
    email: str(255),
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('prospects', ['prospectListId', 'phoneNumber'], {
    unique: true,
    name: 'prospects_list_phone_unique',
  });

  await qi.createTable('agent_documents', {
    id,
    userId: ref('users', 'CASCADE'),
    campaignId: ref('campaigns', 'SET NULL', true),
    originalName: str(255, false),
    storedFileName: str(255, false),
    mimeType: str(128),
    sizeBytes: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    uploadedAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('agent_documents', ['userId']);
  await qi.addIndex('agent_documents', ['storedFileName'], {
    unique: true,
    name: 'agent_documents_stored_unique',
  });

  await qi.createTable('call_records', {
    id: bigId,
    campaignId: ref('campaigns', 'CASCADE'),
    prospectId: {
      type: DataTypes.BIGINT.UNSIGNED,
      allowNull: true,
      references: { model: 'prospects', key: 'id' },
      onDelete: 'SET NULL',
    },
    toNumber: str(20, false),
    status: { ...str(16, false), defaultValue: 'queued' },
    answeredBy: str(16),
    durationSeconds: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false, defaultValue: 0 },
    successful: flag,
    cost: { type: DataTypes.DECIMAL(10, 2), allowNull: false, defaultValue: '0.00' },
    providerCallSid: str(64),
    startedAt: { type: DataTypes.DATE, allowNull: true },
    endedAt: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await qi.addIndex('call_records', ['campaignId', 'createdAt']);
  await qi.addIndex('call_records', ['status']);
  await qi.addIndex('call_records', ['providerCallSid'], { unique: true, name: 'call_records_sid_unique' });

  await qi.createTable('payments', {
    id,
    userId: ref('users', 'RESTRICT'),
    campaignId: ref('campaigns', 'SET NULL', true),
    paymentIntentId: str(64, false),
    amountCents: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    currency: { ...str(3, false), defaultValue: 'usd' },
    status: str(32, false),
    description: str(500),
    ...timestamps,
  });
  await qi.addIndex('payments', ['paymentIntentId'], { unique: true, name: 'payments_intent_unique' });
  await qi.addIndex('payments', ['createdAt']);

  await qi.createTable('support_tickets', {
    id,
    userId: ref('users', 'CASCADE'),
    subject: str(200, false),
    message: text(false),
    status: { ...str(16, false), defaultValue: 'open' },
    adminResponse: text(),
    ...timestamps,
  });
  await qi.addIndex('support_tickets', ['userId', 'createdAt']);
  await qi.addIndex('support_tickets', ['status']);

  await qi.createTable('contact_messages', {
    id,
    name: str(200, false),
    email: str(255, false),
    company: str(200),
    message: text(false),
    deliveredAt: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  for (const table of [
    'contact_messages',
    'support_tickets',
    'payments',
    'call_records',
    'agent_documents',
    'prospects',
  ]) {
    await qi.dropTable(table);
  }
  await qi.dropTable('campaigns');
  await qi.dropTable('prospect_lists');
  await qi.dropTable('users');
}
