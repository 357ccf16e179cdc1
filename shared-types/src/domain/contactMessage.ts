export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  company: string | null;
  message: string;
  deliveredAt: string | null;
  createdAt: string;
}
