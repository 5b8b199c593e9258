import type { AdminCreated, AdminDisposition, AdminProduct, DispositionBody, Ok, ProductBody } from '@shiftline/shared';
import { http } from '../../../../lib/http';

/** The administration's disposition and product calls (apps/server/src/features/catalog). */
export const catalogApi = {
  disposition: (id: number) => http.get<AdminDisposition>(`/api/admin/dispositions/${id}`),
  createDisposition: (body: DispositionBody) => http.post<AdminCreated>('/api/admin/dispositions', body),
  editDisposition: (id: number, body: DispositionBody) => http.post<Ok>(`/api/admin/dispositions/${id}`, body),
  product: (id: number) => http.get<AdminProduct>(`/api/admin/products/${id}`),
  createProduct: (body: ProductBody) => http.post<AdminCreated>('/api/admin/products', body),
  editProduct: (id: number, body: ProductBody) => http.post<Ok>(`/api/admin/products/${id}`, body),
};
