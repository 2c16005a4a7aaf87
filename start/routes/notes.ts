/* Routes of the notes area. */
import router from '@adonisjs/core/services/router'

void router
