import { EventConsumer, OnEvent } from 'fw';
import type { DomainEvent } from 'fw/publish';
import type { Activity } from './store.js';

/** Published when a note was created. */
export interface NoteCreated extends DomainEvent {
  readonly name: 'note.created';
  readonly id: number;
  readonly text: string;
}

/**
 * Consumes `note.created` after the request that published it has been answered. The app's
 * transport is in memory; give `createApp` a RabbitMQ or NATS transport and nothing here changes.
 */
@EventConsumer()
export class NoteEvents {
  readonly #activity: Activity;

  constructor(activity: Activity) {
    this.#activity = activity;
  }

  @OnEvent('note.created')
  created(event: NoteCreated): void {
    this.#activity.record(`note ${event.id} created: ${event.text}`);
  }
}
