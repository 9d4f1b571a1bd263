import { Module } from '@nestjs/common';
import { PgChannel } from './pg-channel.js';

/** Cross-instance notifications (see {@link PgChannel}); shared by the job worker and the event stream. */
@Module({ providers: [PgChannel], exports: [PgChannel] })
export class ChannelModule {}
