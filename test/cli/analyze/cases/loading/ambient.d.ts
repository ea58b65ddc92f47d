/** A declaration file: never read as a controller source. */
export declare class AmbientController {
  get(): string;
}
