import { CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * The column shapes most tables repeat, written once with the names and types the migrations create
 * (snake_case names, `int` ids, `datetime` stamps), so no entity can drift from them by a typo.
 */
export const PrimaryId = (): PropertyDecorator => PrimaryGeneratedColumn({ type: 'int' });
export const CreatedAt = (): PropertyDecorator => CreateDateColumn({ name: 'created_at', type: 'datetime' });
export const UpdatedAt = (): PropertyDecorator => UpdateDateColumn({ name: 'updated_at', type: 'datetime' });
