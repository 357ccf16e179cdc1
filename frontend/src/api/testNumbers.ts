import type { CreateTestNumberInput, TestNumber } from '@ringcast/shared-types';
import { api } from './client';

/** The phones besides the profile's that the owner's test calls may ring (at most five). */
export const fetchTestNumbers = () => api.get<TestNumber[]>('/api/test-numbers');

export const addTestNumber = (input: CreateTestNumberInput) =>
  api.post<TestNumber>('/api/test-numbers', input);

export const removeTestNumber = (id: number) => api.delete<void>(`/api/test-numbers/${id}`);
