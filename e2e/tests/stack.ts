import { test } from '@playwright/test';
import { stackEnv, type StackEnv } from '../stacks';

/** The environment of the stack the running test talks to (its project's). */
export function currentStack(): StackEnv {
  return stackEnv(Number(test.info().project.metadata.stack ?? 0));
}
