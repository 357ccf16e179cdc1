export interface AgentDocument {
  id: number;
  userId: number;
  campaignId: number | null;
  filename: string;
  originalName: string;
  sizeBytes: number;
  uploadedAt: string;
}
