import type {
  AdminCreated,
  AdminDisposition,
  AdminProduct,
  AdminStatsSource,
  DispositionBody,
  Ok,
  ProductBody,
  StatsSourceBody,
  StatsSourceNumbers,
} from '@shiftline/shared';
import { http } from '../../../../lib/http';

/** The administration's disposition, product and stats source calls (apps/server/src/features/catalog). */
export const catalogApi = {
  disposition: (id: number) => http.get<AdminDisposition>(`/api/admin/dispositions/${id}`),
  createDisposition: (body: DispositionBody) => http.post<AdminCreated>('/api/admin/dispositions', body),
  editDisposition: (id: number, body: DispositionBody) => http.post<Ok>(`/api/admin/dispositions/${id}`, body),
  product: (id: number) => http.get<AdminProduct>(`/api/admin/products/${id}`),
  createProduct: (body: ProductBody) => http.post<AdminCreated>('/api/admin/products', body),
  editProduct: (id: number, body: ProductBody) => http.post<Ok>(`/api/admin/products/${id}`, body),
  statsSource: (id: number) => http.get<AdminStatsSource>(`/api/admin/stats_sources/${id}`),
  statsSourceNumbers: () => http.get<StatsSourceNumbers>('/api/admin/stats_sources/numbers'),
  createStatsSource: (body: StatsSourceBody) => http.post<AdminCreated>('/api/admin/stats_sources', body),
  editStatsSource: (id: number, body: StatsSourceBody) => http.post<Ok>(`/api/admin/stats_sources/${id}`, body),
};
