import type { GenerateScriptResponse, ScriptType } from '@ringcast/shared-types';
import { api } from './client';

/** POST /api/generate-script: one script written from the draft so far. */
export const generateScript = (scriptType: ScriptType, campaignData: object) =>
  api.post<GenerateScriptResponse>('/api/generate-script', { scriptType, campaignData });
