/**
 * Job gzip-json's route: a page of a product catalogue, about 10 KiB of JSON, which the server
 * compresses when the request accepts gzip (`compression`, enabled in `server.ts` for that job).
 * The page is read once from `catalog.json`, the file every peer answers from.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get } from 'fw';

/** One product of the catalogue. */
export interface Product {
  id: number;
  sku: string;
  name: string;
  category: string;
  price: number;
  stock: number;
  tags: string[];
}

/** A page of the catalogue. */
export interface CatalogPage {
  page: number;
  size: number;
  total: number;
  items: Product[];
}

const PAGE = JSON.parse(
  readFileSync(join(import.meta.dirname, 'catalog.json'), 'utf8'),
) as CatalogPage;

@Controller('/catalog')
export class CatalogController {
  /** Job gzip-json: the same page every time, serialized per request. */
  @Get('/')
  page(): CatalogPage {
    return PAGE;
  }
}
