import {
  DataTypes,
  Model,
  type CreationOptional,
  type DataType,
  type InferAttributes,
  type InferCreationAttributes,
} from 'sequelize';

/** A model whose attributes are the fields it declares (CreationOptional ones may be left out of create). */
export abstract class Table<M extends Model> extends Model<InferAttributes<M>, InferCreationAttributes<M>> {}

/**
 * A table with its own auto-increment id and both timestamps, as most are: the attributes Sequelize
 * fills in itself, declared once. Their columns are autoId() and timestamps() below.
 */
export abstract class Row<M extends Model> extends Table<M> {
  declare id: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

// Column definitions the models share. Each is a function: Sequelize writes the column name into
// every definition it is given, so two attributes holding one object would map onto the same column.

/** The table's own auto-increment key; BIGINT for the tables that grow with every call or row read. */
export const autoId = (size: 'int' | 'bigint' = 'int') => ({
  type: size === 'bigint' ? DataTypes.BIGINT.UNSIGNED : DataTypes.INTEGER.UNSIGNED,
  autoIncrement: true,
  primaryKey: true,
});

/** A NOT NULL column, with its default when it has one. */
export const required = (type: DataType, defaultValue?: string | number | boolean) => ({
  type,
  allowNull: false,
  ...(defaultValue === undefined ? {} : { defaultValue }),
});

/** Another table's INT UNSIGNED id, which the row cannot be without. */
export const foreignKey = () => required(DataTypes.INTEGER.UNSIGNED);

/** A count that starts at 0. */
export const counter = () => required(DataTypes.INTEGER.UNSIGNED, 0);

/** A yes/no that starts as no. */
export const flag = () => required(DataTypes.BOOLEAN, false);

/** createdAt and updatedAt, both to the millisecond like every other date column. */
export const timestamps = () => ({ createdAt: DataTypes.DATE(3), updatedAt: DataTypes.DATE(3) });
