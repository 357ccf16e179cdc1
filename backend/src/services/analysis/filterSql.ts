import { literal, type WhereOptions } from 'sequelize';
import { readAnalysisFilters, type AnalysisFilter, type CallListQuery } from '@ringcast/shared-types';
import { Campaign } from '../../db/models';
import { badRequest } from '../../errors';

/**
 * The call log's conditions on the analysis (`sentiment`, `goalMet`, `analysis.<key>`), as SQL on
 * the `analysis` column's JSON, every value a named replacement (never written into the SQL). The
 * keys name only the campaign's own fields (an unknown one is a 400), and a field's path is a
 * replacement too. A call without an analysis matches none of them.
 */
export interface AnalysisConditions {
  where: WhereOptions[];
  replacements: Record<string, unknown>;
}

/** LIKE's own characters in a word looked for, taken as themselves. */
const likeEscaped = (word: string) => `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditionsOf(filters: AnalysisFilter[], replacements: Record<string, unknown>): string[] {
  return filters.flatMap((filter, i) => {
    const p = `af${i}`;
    replacements[`${p}path`] = `$.fields."${filter.key}"`;
    const value = `JSON_EXTRACT(analysis, :${p}path)`;
    const text = `JSON_UNQUOTE(${value})`;
    const type = `JSON_TYPE(${value})`;
    if (filter.match === 'none') return [`${type} = 'NULL'`];
    switch (filter.type) {
      case 'yes_no':
        replacements[p] = filter.value ? 'true' : 'false';
        return [`${type} = 'BOOLEAN' AND ${value} = :${p}`];
      case 'one_of':
        replacements[p] = filter.value;
        return [`${type} = 'STRING' AND ${text} = :${p}`];
      case 'text':
        return [
          `${type} = 'STRING'`,
          ...filter.words.map((word, w) => {
            replacements[`${p}w${w}`] = likeEscaped(word);
            return `LOWER(${text}) LIKE :${p}w${w}`;
          }),
        ];
      case 'number':
      case 'date': {
        const read = filter.type === 'number' ? `CAST(${value} AS DECIMAL(30,6))` : text;
        const kind = filter.type === 'number' ? `${type} IN ('INTEGER', 'DOUBLE')` : `${type} = 'STRING'`;
        const ends: string[] = [];
        if (filter.min !== null) {
          replacements[`${p}min`] = filter.min;
          ends.push(`${read} >= :${p}min`);
        }
        if (filter.max !== null) {
          replacements[`${p}max`] = filter.max;
          ends.push(`${read} <= :${p}max`);
        }
        return [kind, ...ends];
      }
    }
  });
}

/** The conditions a call log query asks of its campaign's calls' analyses (none: empty). */
export async function analysisConditions(
  campaignId: number,
  query: Pick<CallListQuery, 'sentiment' | 'goalMet' | 'analysis'>,
): Promise<AnalysisConditions> {
  const replacements: Record<string, unknown> = {};
  const sql: string[] = [];
  if (query.sentiment) {
    replacements.afSentiment = query.sentiment;
    sql.push(`JSON_UNQUOTE(JSON_EXTRACT(analysis, '$.sentiment')) = :afSentiment`);
  }
  if (query.goalMet) {
    replacements.afGoalMet = query.goalMet === 'yes' ? 'true' : 'false';
    sql.push(`JSON_EXTRACT(analysis, '$.successEvaluation.met') = :afGoalMet`);
  }
  const entries = query.analysis ?? {};
  if (Object.keys(entries).length) {
    const campaign = await Campaign.findByPk(campaignId, { attributes: ['id', 'analysisFields'] });
    const read = readAnalysisFilters(entries, campaign?.analysisFields ?? []);
    if (!read.ok) throw badRequest(read.message);
    sql.push(...conditionsOf(read.filters, replacements));
  }
  return { where: sql.map((condition) => literal(`(${condition})`)), replacements };
}
