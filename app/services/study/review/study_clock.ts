/** The time reviews are scheduled from; a class so tests can swap a fixed clock in the container. */
export class StudyClock {
  now(): Date {
    return new Date()
  }
}
