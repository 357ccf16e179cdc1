let loaded: Promise<typeof import('@ringcast/backend/scriptWriting')> | undefined;
/** The code that asks OpenAI (scripts, call summaries), with its SDK; loaded once (see warmUp.ts). */
export const scriptWritingModule = () => (loaded ??= import('@ringcast/backend/scriptWriting'));
