import { Controller, Patch as PatchRoute, Post } from 'fw';
import type { Dimensions, Patch, Product, Shipment } from './dto.js';

@Controller('/products')
export class ProductController {
  @Post('/')
  create(body: Product): string {
    return body.name;
  }

  @PatchRoute('/:id')
  patch(id: number, body: Patch): string {
    return `${id} ${body.reason}`;
  }

  @Post('/ship')
  ship(body: Shipment): string {
    return 'street' in body ? body.street : body.name;
  }

  @Post('/dimensions')
  dimensions(body: Dimensions): number {
    return body.width;
  }
}
