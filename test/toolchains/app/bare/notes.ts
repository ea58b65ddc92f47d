import { Controller, Get } from 'fw';

// Both decorators are written without their parentheses: tsc would refuse this (TS1241), tsx
// and esbuild do not type-check, fwgen must refuse it, and at run time it must change nothing.
@Controller
export class BareController {
  @Get
  list(): string[] {
    return ['still a method'];
  }
}
