import { Controller, Post } from 'fw';
import { Get, type Values } from './own.js';

@Controller('/notes')
export class NoteController {
  @Post('/')
  add(values: Values): string {
    return values.text;
  }

  @Get('/ignored')
  notARoute(): string {
    return 'not routed';
  }
}
