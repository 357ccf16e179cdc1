import { DataTypes, type CreationOptional } from 'sequelize';
import type { TicketStatus } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Row, autoId, required, foreignKey, timestamps } from './common';

export class SupportTicket extends Row<SupportTicket> {
  declare userId: number;
  declare subject: string;
  declare message: string;
  declare status: CreationOptional<TicketStatus>;
  declare adminResponse: CreationOptional<string | null>;
}

SupportTicket.init(
  {
    id: autoId(),
    userId: foreignKey(),
    subject: required(DataTypes.STRING(200)),
    message: required(DataTypes.TEXT),
    status: required(DataTypes.STRING(16), 'open'),
    adminResponse: DataTypes.TEXT,
    ...timestamps(),
  },
  { sequelize, tableName: 'support_tickets' },
);
