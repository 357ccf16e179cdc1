import {
  Op,
  Sequelize,
  type FindAttributeOptions,
  type Includeable,
  type IncludeOptions,
  type Model,
  type ModelStatic,
  type WhereOptions,
} from 'sequelize';
import type { AdminListQuery } from '@ringcast/shared-types';

/** One page of an admin list and how many rows match in all. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** Newest first, the id breaking ties so pages never overlap or skip a row. */
const NEWEST_FIRST: [string, string][] = [
  ['createdAt', 'DESC'],
  ['id', 'DESC'],
];

/** The search box's text, or null when there is none to filter by. */
export const searchText = ({ q }: AdminListQuery) => (q ? q : null);

/** `%text%` for LIKE, with the text's own `%`, `_` and `\` matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export const like = (column: string, pattern: string) =>
  Sequelize.where(Sequelize.col(column), Op.like, pattern);

/**
 * A person (a user row, or one joined under `alias`) matching the search: first, last or full
 * name, email, and the company name when asked.
 */
export function personMatches(alias: string, pattern: string, { company = false } = {}): WhereOptions[] {
  const fullName = Sequelize.fn(
    'CONCAT',
    Sequelize.col(`${alias}.firstName`),
    ' ',
    Sequelize.col(`${alias}.lastName`),
  );
  return [
    Sequelize.where(fullName, Op.like, pattern),
    like(`${alias}.email`, pattern),
    ...(company ? [like(`${alias}.companyName`, pattern)] : []),
  ];
}

const MATCH_TOTAL = 'matchTotal';

/** The same columns plus every matching row's count, computed over the whole result before LIMIT. */
function withMatchTotal(attributes: FindAttributeOptions | undefined): FindAttributeOptions {
  const total: [ReturnType<typeof Sequelize.literal>, string] = [
    Sequelize.literal('COUNT(*) OVER ()'),
    MATCH_TOTAL,
  ];
  if (Array.isArray(attributes)) return [...attributes, total];
  return { exclude: attributes?.exclude ?? [], include: [...(attributes?.include ?? []), total] };
}

interface PageOptions {
  where: WhereOptions;
  /** True when `where` holds the search: the count then needs the joins the search looks at. */
  searching: boolean;
  attributes?: FindAttributeOptions;
  include?: IncludeOptions[];
}

/**
 * One page, newest first, and the number of matching rows.
 *
 * Without a search the page's ids are read along the (createdAt, id) index, LIMIT rows and no
 * more, and the total is a COUNT(*) over the smallest index. A search (LIKE '%text%', which no index can
 * serve) has to look at every row anyway, so one pass gives both: COUNT(*) OVER () rides on each
 * row of the page. Only a page past the end needs a separate count.
 */
export async function findPage<M extends Model>(
  model: ModelStatic<M>,
  query: AdminListQuery,
  { where, searching, attributes, include = [] }: PageOptions,
): Promise<Page<M>> {
  const window = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const find = { where, include, order: NEWEST_FIRST, subQuery: false, ...window };
  if (!searching) {
    // The page's ids straight off the index, then those rows with their joins: joining first
    // would let the planner sort the whole joined table instead.
    const [page, total] = await Promise.all([
      model.findAll({ where, attributes: ['id'], order: NEWEST_FIRST, ...window }),
      model.count({ where }),
    ]);
    const ids = page.map((row) => row.get('id') as number);
    const rows = ids.length
      ? await model.findAll({ where: { id: ids } as WhereOptions, attributes, include, order: NEWEST_FIRST })
      : [];
    return { rows, total };
  }
  const rows = await model.findAll({ ...find, attributes: withMatchTotal(attributes) });
  if (rows.length) return { rows, total: Number(rows[0]!.get(MATCH_TOTAL)) };
  const joins: Includeable[] = include.map((join) => ({ ...join, attributes: [] }));
  return { rows, total: query.page > 1 ? await model.count({ where, include: joins }) : 0 };
}
