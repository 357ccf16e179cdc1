import type { AdminInvoice, InvoiceStatus } from '@ringcast/shared-types';
import { fetchPage, type Page } from './pages';

export interface AdminInvoiceParams {
  q: string;
  page: number;
  pageSize: number;
  /** Only invoices in this status; every status when undefined. */
  status?: InvoiceStatus;
}

/** A page of every user's invoices, newest first, with the total matching (X-Total-Count). */
export const fetchAdminInvoices = ({
  q,
  page,
  pageSize,
  status,
}: AdminInvoiceParams): Promise<Page<AdminInvoice>> =>
  fetchPage<AdminInvoice>('/api/admin/invoices', { q: q.trim(), page, pageSize, status });
