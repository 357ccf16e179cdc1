import { callsModule } from './callsModule';

export async function handleFetchCallPrice() {
  const { fetchSettledCallPrices } = await callsModule();
  return fetchSettledCallPrices();
}
