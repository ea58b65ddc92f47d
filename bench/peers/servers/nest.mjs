// NestJS 11 as its users write it (a controller, an interceptor, ParseIntPipe, a class-validator
// DTO through ValidationPipe), on Express or, with ADAPTER=fastify, on Fastify. Plain JavaScript
// has no decorator syntax, so each decorator is applied by hand as TypeScript would; the DTO's
// type is given to ValidationPipe (`expectedType`), as there is no emitted metadata to read it from.
import 'reflect-metadata';
import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Module,
  Param,
  ParseIntPipe,
  Post,
  Query,
  Req,
  UseInterceptors,
  ValidationPipe,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Type } from 'class-transformer';
import { IsArray, IsNumber, IsString, ValidateNested } from 'class-validator';
import { announce, HOST, PORT } from './listen.mjs';
import { isYes, orderSummary } from './order-schema.mjs';

const decorate = (decorators, target, key) => {
  const descriptor = key === undefined ? undefined : Object.getOwnPropertyDescriptor(target, key);
  for (const d of decorators) d(target, key, descriptor);
};
const param = (decorator, target, key, index) => decorator(target, key, index);

class Customer {}
decorate([IsNumber()], Customer.prototype, 'id');
decorate([IsString()], Customer.prototype, 'name');
decorate([IsString()], Customer.prototype, 'email');

class OrderLine {}
decorate([IsString()], OrderLine.prototype, 'sku');
decorate([IsNumber()], OrderLine.prototype, 'qty');
decorate([IsNumber()], OrderLine.prototype, 'price');

class NewOrder {}
decorate([ValidateNested(), Type(() => Customer)], NewOrder.prototype, 'customer');
decorate(
  [IsArray(), ValidateNested({ each: true }), Type(() => OrderLine)],
  NewOrder.prototype,
  'items',
);
decorate([IsString()], NewOrder.prototype, 'note');

/** Stores the calling user on the request, where the handler reads it. */
class UserInterceptor {
  intercept(context, next) {
    const req = context.switchToHttp().getRequest();
    req.user = req.headers['x-user'] || 'anonymous';
    return next.handle();
  }
}

class OrderController {
  get(id, orderId, active, page, tag, req) {
    const n = Number.parseInt(page ?? '', 10);
    return {
      userId: id,
      orderId,
      active: isYes(active),
      page: Number.isNaN(n) ? 1 : n,
      tags: tag === undefined ? [] : [tag].flat(),
      user: req.user,
    };
  }

  create(id, order) {
    return orderSummary(id, order);
  }
}
const proto = OrderController.prototype;
param(Param('id', ParseIntPipe), proto, 'get', 0);
param(Param('orderId', ParseIntPipe), proto, 'get', 1);
param(Query('active'), proto, 'get', 2);
param(Query('page'), proto, 'get', 3);
param(Query('tag'), proto, 'get', 4);
param(Req(), proto, 'get', 5);
decorate([Get(':id/orders/:orderId'), Header('x-bench', '1')], proto, 'get');
param(Param('id', ParseIntPipe), proto, 'create', 0);
const validation = new ValidationPipe({ whitelist: true, transform: true, expectedType: NewOrder });
param(Body(validation), proto, 'create', 1);
decorate([Post(':id/orders'), HttpCode(200)], proto, 'create');
Controller('users')(OrderController);
UseInterceptors(UserInterceptor)(OrderController);

class AppModule {}
Module({ controllers: [OrderController] })(AppModule);

let adapter;
if (process.env.ADAPTER === 'fastify') {
  const { FastifyAdapter } = await import('@nestjs/platform-fastify');
  adapter = new FastifyAdapter();
}
const app = adapter
  ? await NestFactory.create(AppModule, adapter, { logger: false })
  : await NestFactory.create(AppModule, { logger: false });
await app.listen(PORT, HOST);
await announce(app.getHttpServer().address().port);
